import secrets

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from config.forms import add_errors
from promotion import league, selectors, services
from promotion.forms import InviteForm, PromotionForm, RoleForm, SignupForm
from promotion.models import Membership, MembershipStatus, Role
from promotion.permissions import require


def signup(request):
    if request.user.is_authenticated:
        return redirect("promotion:list")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save_or_refuse()
        if user is not None:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome to Kayfabe, {user.username}.")
            return redirect("promotion:list")
    return render(request, "registration/signup.html", {"form": form})


def promotion_list(request):
    return render(
        request,
        "promotion/list.html",
        {
            "promotions": selectors.promotions_visible_to(request.user),
            "memberships": selectors.memberships_of(request.user),
        },
    )


@login_required
def promotion_create(request):
    form = PromotionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            promotion = services.promotion_create(user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"{promotion.name} is open for business.")
            return redirect(promotion)
    return render(request, "promotion/form.html", {"form": form, "title": "Start a promotion"})


def promotion_detail(request, slug):
    access = selectors.promotion_access(request.user, slug)
    return render(
        request,
        "promotion/detail.html",
        {
            "access": access,
            "promotion": access.promotion,
            "overdue": league.overdue_titles(access.promotion),
            "house_rules": selectors.house_rules_shown(access.promotion),
        },
    )


@login_required
def promotion_settings(request, slug):
    access = selectors.promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.OWNER,
        "Only owners change a promotion's settings.",
        membership=access.membership,
    )
    promotion = access.promotion
    form = PromotionForm(request.POST or None, instance=promotion, ruleset_locked=promotion.wrestlers.exists())
    if request.method == "POST" and form.is_valid():
        try:
            services.promotion_update(promotion=promotion, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, "Settings saved.")
            return redirect(promotion)
    return render(
        request,
        "promotion/form.html",
        {"form": form, "title": f"{promotion.name}: settings", "access": access, "promotion": promotion},
        status=422 if form.errors else 200,
    )


@login_required
def members(request, slug):
    access = selectors.promotion_access(request.user, slug)
    require(request.user, access.promotion, Role.OWNER, "Only owners manage members.", membership=access.membership)
    invite_form = InviteForm(request.POST or None)
    if request.method == "POST" and invite_form.is_valid():
        try:
            membership = services.membership_invite(
                promotion=access.promotion, by=request.user, **invite_form.cleaned_data
            )
        except ValidationError as exc:
            add_errors(invite_form, exc)
        else:
            verb = "added" if membership.is_active else "invited"
            messages.success(request, f"{membership.user.username} {verb} as {membership.get_role_display().lower()}.")
            return redirect("promotion:members", slug)
    invite_url = request.build_absolute_uri(f"/p/{slug}/join/{access.promotion.invite_token}/")
    return render(
        request,
        "promotion/members.html",
        {
            "access": access,
            "promotion": access.promotion,
            "members": selectors.members_of(access.promotion),
            "invite_form": invite_form,
            "role_form": RoleForm(),
            "invite_url": invite_url,
        },
    )


def _membership(slug, pk):
    return get_object_or_404(Membership.objects.select_related("promotion", "user"), pk=pk, promotion__slug=slug)


def _act(request, slug, action, success):
    try:
        action()
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, success)
    return redirect("promotion:members", slug)


@login_required
@require_POST
def member_role(request, slug, pk):
    access = selectors.promotion_access(request.user, slug)
    require(request.user, access.promotion, Role.OWNER, "Only owners change roles.", membership=access.membership)
    membership = _membership(slug, pk)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a valid role.")
        return redirect("promotion:members", slug)
    role = form.cleaned_data["role"]
    return _act(
        request,
        slug,
        lambda: services.membership_set_role(membership=membership, by=request.user, role=role),
        f"{membership.user.username} is now {role}.",
    )


@login_required
@require_POST
def member_approve(request, slug, pk):
    access = selectors.promotion_access(request.user, slug)
    require(request.user, access.promotion, Role.OWNER, "Only owners approve members.", membership=access.membership)
    membership = _membership(slug, pk)
    return _act(
        request,
        slug,
        lambda: services.membership_approve(membership=membership, by=request.user),
        f"{membership.user.username} joined.",
    )


@login_required
@require_POST
def member_remove(request, slug, pk):
    access = selectors.promotion_access(request.user, slug)
    membership = _membership(slug, pk)
    if not access.is_owner and membership.user_id != request.user.pk:
        raise PermissionDenied("Only owners remove members.")
    if not access.is_owner:  # leaving
        try:
            services.membership_remove(membership=membership, by=request.user)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
            return redirect(access.promotion)
        messages.success(request, f"You left {access.promotion.name}.")
        return redirect("promotion:list")
    return _act(
        request,
        slug,
        lambda: services.membership_remove(membership=membership, by=request.user),
        f"{membership.user.username} removed.",
    )


@login_required
@require_POST
def regenerate_invite(request, slug):
    access = selectors.promotion_access(request.user, slug)
    require(request.user, access.promotion, Role.OWNER, "Only owners manage invitations.", membership=access.membership)
    services.promotion_regenerate_invite(promotion=access.promotion, by=request.user)
    messages.success(request, "A new invitation link replaces the old one.")
    return redirect("promotion:members", slug)


@login_required
@require_POST
def join_request(request, slug):
    access = selectors.promotion_access(request.user, slug)
    try:
        services.membership_request(promotion=access.promotion, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, f"You asked to join {access.promotion.name}. An owner will answer.")
    return redirect(access.promotion)


@login_required
def join_by_link(request, slug, token):
    from promotion.models import Promotion

    promotion = get_object_or_404(Promotion, slug=slug)
    valid = secrets.compare_digest(token.encode(), promotion.invite_token.encode())
    if not valid and not promotion.is_public and services.membership_for(promotion, request.user) is None:
        # A private promotion is not revealed by a wrong link: the same 404 as a promotion that does not exist.
        raise Http404("No such promotion.")
    if request.method != "POST" or not valid:
        return render(
            request, "promotion/join.html", {"promotion": promotion, "valid": valid}, status=200 if valid else 404
        )
    services.membership_join_by_link(promotion=promotion, user=request.user, token=token)
    messages.success(request, f"Welcome to {promotion.name}.")
    return redirect(promotion)


@login_required
@require_POST
def invitation_respond(request, pk):
    membership = get_object_or_404(Membership, pk=pk, user=request.user, status=MembershipStatus.INVITED)
    accept = request.POST.get("answer") == "accept"
    try:
        services.membership_respond(membership=membership, user=request.user, accept=accept)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("promotion:list")
    messages.success(request, f"Invitation to {membership.promotion.name} {'accepted' if accept else 'declined'}.")
    return redirect("promotion:list")
